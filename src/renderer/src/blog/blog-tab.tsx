import { useState } from 'react';
import { BlogDraftView } from './blog-draft-view.js';
import { BlogDraftsCard } from './blog-drafts-card.js';
import { BlogGenerateCard } from './blog-generate-card.js';

/** The Blog Engine: generate a draft, watch its pipeline, read, judge, regenerate, export or delete it. */
export function BlogTab() {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="grid grid-2" data-testid="blog">
      <BlogGenerateCard onCreated={setSelected} />
      <BlogDraftsCard selected={selected} onSelect={setSelected} />
      {selected !== null && <BlogDraftView key={selected} id={selected} onDeleted={() => setSelected(null)} />}
    </div>
  );
}
