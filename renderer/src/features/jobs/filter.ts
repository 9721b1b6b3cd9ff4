/** Which jobs the Jobs view shows: by status and by a piece of the file name or title. */
import type { Job } from '../../../../shared/domain/job';

export type StatusFilter = Job['status'] | 'all';

export function filterJobs(
  order: readonly string[],
  jobs: Readonly<Record<string, Job>>,
  status: StatusFilter,
  query: string,
): readonly string[] {
  const q = query.trim().toLocaleLowerCase();
  if (status === 'all' && !q) return order;
  return order.filter((id) => {
    const job = jobs[id];
    if (!job) return false;
    if (status !== 'all' && job.status !== status) return false;
    return (
      !q ||
      job.file.name.toLocaleLowerCase().includes(q) ||
      (job.title?.toLocaleLowerCase().includes(q) ?? false)
    );
  });
}
