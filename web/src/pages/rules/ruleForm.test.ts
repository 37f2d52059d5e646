// The rule form's pure parts: days and hours in words, unit names, the server's refusal by field.
import { describe, expect, it } from 'vitest';
import { inputFromValues, newRuleValues, serverErrors, validateRule } from './ruleForm';
import { formatDays, formatWindow, unitNames } from './ruleFormat';
import { UNITS } from './testing/ruleFixtures';

describe('days and hours', () => {
  it('reads runs of days as ranges', () => {
    expect(formatWindow({ days: [1, 2, 3, 4, 5], start: '0:00', end: '24:00' })).toBe(
      'Mon–Fri 0:00–24:00',
    );
    expect(formatDays([7, 1, 3, 6])).toBe('Mon, Wed, Sat–Sun');
    expect(formatDays([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
    expect(formatDays([2])).toBe('Tue');
  });
});

describe('unit names', () => {
  it('names at most 3 units, then says how many more', () => {
    expect(unitNames([1, 2], UNITS)).toBe('Alpha, Bravo');
    expect(unitNames([1, 2, 3, 4, 5, 6], UNITS)).toBe('Alpha, Bravo, Charlie ... and 3 more');
    // Units the user's list does not hold still count.
    expect(unitNames([1, 2, 3, 99], UNITS)).toBe('Alpha, Bravo, Charlie ... and 1 more');
    expect(unitNames([1, 99], UNITS)).toBe('Alpha and 1 other unit');
  });
});

describe('the server’s refusal', () => {
  it('puts each part under the field it names', () => {
    const { fields, rest } = serverErrors(
      'param.limit: limit must be at least 10 km/h; emails.1: "x" is not a valid e-mail address; something else',
    );
    expect(fields['param.limit']).toBe('param.limit: limit must be at least 10 km/h');
    expect(fields.emails).toBe('emails.1: "x" is not a valid e-mail address');
    expect(rest).toEqual(['something else']);
  });
});

describe('checking and sending', () => {
  it('needs a name, a type and a location for a Location rule', () => {
    const values = { ...newRuleValues('location'), name: '' };
    expect(validateRule(values)).toEqual({
      name: 'Name is required',
      'param.lid': 'Choose a location',
    });
  });

  it('sends driver ID minutes as minutes, and only the type’s parameters', () => {
    const values = { ...newRuleValues('driver_id_timeout'), name: 'Tags' };
    values.param = { ...values.param, driver_minutes: 10, minutes: 60 };
    expect(validateRule(values)).toEqual({});
    expect(inputFromValues(values).param).toEqual({ minutes: 10 });
  });
});
