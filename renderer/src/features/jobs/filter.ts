/**
 * Which jobs the Jobs view shows: by status, and with a query those whose file name or title
 * holds it or that the search found (`found`: by their transcript, their name or their title).
 */
import type { Job } from '../../../../shared/domain/job';

export type StatusFilter = Job['status'] | 'all';

export function filterJobs(
  order: readonly string[],
  jobs: Readonly<Record<string, Job>>,
  status: StatusFilter,
  query: string,
  found: ReadonlySet<string> = new Set(),
): readonly string[] {
  const q = query.trim().toLocaleLowerCase();
  if (status === 'all' && !q) return order;
  return order.filter((id) => {
    const job = jobs[id];
    if (!job) return false;
    if (status !== 'all' && job.status !== status) return false;
    return (
      !q ||
      found.has(id) ||
      job.file.name.toLocaleLowerCase().includes(q) ||
      (job.title?.toLocaleLowerCase().includes(q) ?? false)
    );
  });
}
