-- A laptop's pull of a team's snapshot ("take along"): each page the team server sent is kept here as it arrives, so
-- an interrupted pull continues after its last page. The pages become the laptop's tables in one transaction once
-- every table is complete, and are deleted then; until that moment the tables the dashboard reads are untouched.
CREATE TABLE take_along_pages (
  table_name TEXT NOT NULL,
  page INTEGER NOT NULL,
  -- JSON array of rows, each an array of cells in the manifest's column order.
  rows TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  -- Where the next page starts; NULL once this page ended the table.
  next_cursor TEXT,
  PRIMARY KEY (table_name, page)
);
