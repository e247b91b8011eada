import { DocumentListCard } from './document-list-card.js';
import { DocumentUploadCard } from './document-upload-card.js';

/** PDF datasheets and manuals: upload one and watch its job; the list shows every document's state. */
export function DocumentsTab() {
  return (
    <div className="grid grid-2" data-testid="documents">
      <DocumentUploadCard />
      <DocumentListCard />
    </div>
  );
}
