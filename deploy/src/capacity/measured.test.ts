/** @jest-environment node */
import { MeasuredFileError, parseMeasured } from './measured';
import { SURGE_RUN } from '../testing/surge-run';

const refusal = (value: unknown): MeasuredFileError => {
  try {
    parseMeasured(typeof value === 'string' ? value : JSON.stringify(value), 'surge.json');
  } catch (error) {
    if (error instanceof MeasuredFileError) return error;
    throw error;
  }
  throw new Error('accepted');
};

describe('the measured file', () => {
  it('reads a surge run as it is', () => {
    expect(parseMeasured(JSON.stringify(SURGE_RUN), 'surge.json')).toEqual(SURGE_RUN);
    expect(
      parseMeasured(JSON.stringify({ ...SURGE_RUN, redisOpsPerViewerMinute: null }), 's.json')
        .redisOpsPerViewerMinute,
    ).toBeNull();
  });

  it('names a missing field', () => {
    const { apiCpuMsPerViewerMinute: _, ...rest } = SURGE_RUN;
    const error = refusal(rest);
    expect(error.code).toBe('MEASURED_INVALID');
    expect(error.field).toBe('apiCpuMsPerViewerMinute');
    expect(error.message).toContain('surge.json: field "apiCpuMsPerViewerMinute"');
  });

  it('names a nested field of the wrong type, and a per-call figure', () => {
    expect(refusal({ ...SURGE_RUN, machine: { cores: 'two', loadavg: [1, 1, 1] } }).field).toBe(
      'machine.cores',
    );
    const perCall = { grant: { ...SURGE_RUN.perCall.grant, p99Ms: -1 } };
    expect(refusal({ ...SURGE_RUN, perCall }).field).toBe('perCall.grant.p99Ms');
  });

  it('refuses an unknown source or mode, an extra field and a date that is not one', () => {
    expect(refusal({ ...SURGE_RUN, source: 'guess' }).field).toBe('source');
    expect(refusal({ ...SURGE_RUN, mode: 'both' }).field).toBe('mode');
    expect(refusal({ ...SURGE_RUN, viewerz: 3 }).field).toBe('viewerz');
    expect(refusal({ ...SURGE_RUN, measuredAt: 'yesterday' }).field).toBe('measuredAt');
  });

  it('refuses a zero cost per viewer (it would promise infinite capacity)', () => {
    expect(refusal({ ...SURGE_RUN, apiCpuMsPerViewerMinute: 0 }).field).toBe(
      'apiCpuMsPerViewerMinute',
    );
  });

  it('refuses a run with errors: it measured nothing', () => {
    const error = refusal({ ...SURGE_RUN, errors: 3 });
    expect(error.field).toBe('errors');
    expect(error.message).toMatch(/measures nothing/);
  });

  it('says when the file is not JSON', () => {
    const error = refusal('{"source": ');
    expect(error.code).toBe('MEASURED_NOT_JSON');
    expect(error.field).toBeNull();
  });
});
