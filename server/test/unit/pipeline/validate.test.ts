import { describe, expect, it } from 'vitest';
import { pipelineConfig } from '../../../src/pipeline/config';
import { cleanCourse, cleanSpeed, validateRecord } from '../../../src/pipeline/validate';
import { fix, status, T0 } from './records';

const cfg = pipelineConfig();
const now = T0;

describe('validate', () => {
  it('refuses fix times more than 10 minutes ahead or before 2005', () => {
    expect(validateRecord(fix(now + 9 * 60_000, -26, 28, 0), now, cfg)).toBe('fix');
    expect(validateRecord(fix(now + 11 * 60_000, -26, 28, 0), now, cfg)).toBe('drop');
    expect(validateRecord(fix(Date.UTC(2005, 0, 1), -26, 28, 0), now, cfg)).toBe('fix');
    expect(validateRecord(fix(Date.UTC(2004, 11, 31, 23, 59), -26, 28, 0), now, cfg)).toBe('drop');
    expect(validateRecord(fix(Number.NaN, -26, 28, 0), now, cfg)).toBe('drop');
  });

  it('keeps records without a usable location as status updates', () => {
    expect(validateRecord(status(now), now, cfg)).toBe('status');
    expect(validateRecord(fix(now, 91, 28, 0), now, cfg)).toBe('status');
    expect(validateRecord(fix(now, -26, -180.5, 0), now, cfg)).toBe('status');
    expect(validateRecord(fix(now, Number.NaN, 28, 0), now, cfg)).toBe('status');
    expect(validateRecord(fix(now, 0, 0, 0), now, cfg)).toBe('status');
    expect(validateRecord(fix(now, -26, 28, 0, { valid: false }), now, cfg)).toBe('status');
    expect(validateRecord(fix(now, -90, 180, 0), now, cfg)).toBe('fix');
  });

  it('cleans speed and course', () => {
    expect(cleanSpeed(-3)).toBe(0);
    expect(cleanSpeed(Number.NaN)).toBe(0);
    expect(cleanSpeed(42.5)).toBe(42.5);
    expect(cleanCourse(370)).toBe(10);
    expect(cleanCourse(-90)).toBe(270);
    expect(cleanCourse(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
