/**
 * Closed-loop load: `width` workers each start `work(i)` for the next i as soon as their last
 * call answered, until i = 0…count-1 are done; returns the answers in index order.
 */
export async function pool<T>(
  count: number,
  width: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}
