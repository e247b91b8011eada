/** Polls every 100 ms until check() holds; the deadline only stops a hung test, it asserts nothing about speed. */
export async function until(check: () => boolean | Promise<boolean>, what: string, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
