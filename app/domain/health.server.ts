import { stores } from "./stores";

/** Longer than a healthy database ever takes, shorter than a load balancer's check timeout. */
const CHECK_BUDGET_MS = 3_000;

/** Whether the database answers a trivial query within the budget. */
export async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_BUDGET_MS);
  });
  const query = stores()
    .ping()
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}
