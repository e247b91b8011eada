/** A snapshot's age in the largest whole unit: minutes below two hours, hours below two days, then days. */
export function snapshotAge(seconds: number): { key: 'source.ageMinutes' | 'source.ageHours' | 'source.ageDays'; count: number } {
  if (seconds < 7200) return { key: 'source.ageMinutes', count: Math.floor(seconds / 60) };
  if (seconds < 172_800) return { key: 'source.ageHours', count: Math.floor(seconds / 3600) };
  return { key: 'source.ageDays', count: Math.floor(seconds / 86_400) };
}
