import { describe, expect, it } from 'vitest';
import type { RetentionSettings } from '../../../shared/retention';
import { checkFields, fieldsOf } from './retention-form';

const GIB = 1024 ** 3;
const current: RetentionSettings = { softCapBytes: 2 * GIB, hardCapBytes: 5 * GIB, maxAgeDays: 365, digestCapBytes: 256 * 1024 ** 2, cadence: 'daily' };

describe('the storage settings form', () => {
  it('shows the settings as people write them, and an unchanged form is an empty patch', () => {
    const f = fieldsOf(current);
    expect(f).toEqual({ softCap: '2 GB', hardCap: '5 GB', maxAge: '365', digestCap: '256 MB', cadence: 'daily' });
    expect(checkFields(f, current)).toEqual({ patch: {}, errors: {} });
  });

  it('sends only what changed', () => {
    const f = { ...fieldsOf(current), softCap: '1 GB', maxAge: 'off', cadence: 'manual' };
    expect(checkFields(f, current)).toEqual({ patch: { softCapBytes: GIB, maxAgeDays: null, cadence: 'manual' }, errors: {} });
  });

  it('names every field that is wrong', () => {
    const { errors } = checkFields({ softCap: '3 GB', hardCap: '1 GB', maxAge: '0', digestCap: 'lots', cadence: 'hourly' }, current);
    expect(Object.keys(errors).sort()).toEqual(['cadence', 'digestCap', 'hardCap', 'maxAge']);
    expect(errors.hardCap).toMatch(/below the soft cap/);
  });
});
