// Scaffold: the engineer building this view replaces the whole file.
export function HotTopicsPanel() {
  return null;
}
