/**
 * Jobs 0..count − 1 run on lanes, each lane taking the next job not started as soon as it is free
 * (so jobs start in index order and at most one per lane runs at a time): `evalsim reproduce` runs
 * one study in this thread and another on the worker threads at the same time, instead of
 * leaving the worker threads idle while a study too small for them runs here. After a job fails
 * no lane starts another; the first failure is thrown once every job started has settled.
 */
export type LaneJob = (index: number) => Promise<void>;

export async function runInLanes(count: number, lanes: readonly LaneJob[]): Promise<void> {
  if (lanes.length === 0) throw new RangeError('lanes: at least one lane');
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async (job: LaneJob) => {
    while (next < count && failure === undefined) {
      const index = next++;
      try {
        await job(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(lanes.map(lane));
  if (failure) throw failure.error;
}
