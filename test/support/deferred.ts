/** A promise and the function that resolves it: a step one test's code waits for until another says go. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
