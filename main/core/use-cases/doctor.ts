/** Doctor: the drift census of every agent home (sessions found and archived, versions, unknown records, unread files). */
import type { DoctorReport } from '../../../shared/doctor';
import type { ArchiveReader } from '../access/archive-reader';
import { type CensusOptions, doctorCensus } from '../doctor/census';

export type { CensusOptions } from '../doctor/census';

export function doctor(reader: ArchiveReader, options: CensusOptions): Promise<DoctorReport> {
  return doctorCensus(reader, options);
}
