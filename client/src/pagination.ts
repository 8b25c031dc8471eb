import type { Page } from "./types.js";

/**
 * A list call: `await` it for one page (`{ data, nextCursor }`), or iterate it
 * with `for await` for every item, the next page fetched when one runs out.
 * Nothing is sent until it is awaited or iterated; each iteration starts anew.
 */
export class PageRequest<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private first: Promise<Page<T>> | undefined;

  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
    private readonly cursor: string | undefined,
  ) {}

  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.first ??= this.fetchPage(this.cursor);
    return this.first.then(onFulfilled, onRejected);
  }

  /** Every page in turn, from the request's cursor to the last. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor = this.cursor;
    do {
      const page = await this.fetchPage(cursor);
      yield page;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }
}
