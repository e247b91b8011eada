/** One section of docs/benchmarks.md: a title and markdown (usually a table with a same-run baseline and ratios). */
export interface BenchSection {
  title: string;
  markdown: string;
}
