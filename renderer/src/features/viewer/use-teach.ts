/**
 * Teaching the dictionary a word from a job's transcript: the job's engine (its `d`'s grammar,
 * else its connection's) and profile, or nothing when the engine is not known.
 */
import { useMemo } from 'react';
import { decodeD } from '../../../../shared/api/d-codec';
import type { Job } from '../../../../shared/domain/job';
import { useApp } from '../../store/store';
import type { Word } from './words';

export function useTeach(job: Job | undefined) {
  const connections = useApp((s) => s.connections);
  const teachDictionary = useApp((s) => s.teachDictionary);
  return useMemo(() => {
    if (!job) return undefined;
    const d = decodeD(job.params.d);
    const params = d.ok ? d.data : {};
    const engine =
      params.grammarFileNames ?? connections.find((c) => c.id === job.connection)?.engine;
    if (!engine) return undefined;
    return (word: Word) =>
      teachDictionary({
        connection: job.connection,
        engine,
        profile: params.profileId ?? '',
        written: word.written,
        spoken: word.spoken ?? '',
        original: word.original ?? '',
      });
  }, [job, connections, teachDictionary]);
}
