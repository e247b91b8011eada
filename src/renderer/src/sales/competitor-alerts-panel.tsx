// Scaffold: the engineer building this view replaces the whole file.
export function CompetitorAlertsPanel() {
  return null;
}
