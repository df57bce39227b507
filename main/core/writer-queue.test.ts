/** The one writer queue: jobs one at a time in the order asked, a failure to its own caller only, idle after every job. */
import { describe, expect, it } from 'vitest';
import { WriterQueue } from './writer-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('WriterQueue', () => {
  it('runs jobs one at a time, in the order they were queued', async () => {
    const queue = new WriterQueue();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run(job('a')), queue.run(job('b')), queue.run(job('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('hands a failure to the caller that queued the job, and runs the next', async () => {
    const queue = new WriterQueue();
    const failed = queue.run(async () => {
      throw new Error('disk full');
    });
    const next = queue.run(async () => 'stored');
    await expect(failed).rejects.toThrow('disk full');
    await expect(next).resolves.toBe('stored');
    expect(queue.pending).toBe(0);
  });

  it('is idle only once the jobs queued while waiting have ended too', async () => {
    const queue = new WriterQueue();
    const log: string[] = [];
    void queue.run(async () => {
      await tick();
      log.push('sync');
      // A sync queues the sweep its cadence calls for, behind itself.
      void queue.run(async () => {
        await tick();
        log.push('sweep');
      });
    });
    await queue.idle();
    expect(log).toEqual(['sync', 'sweep']);
    expect(queue.pending).toBe(0);
  });
});
