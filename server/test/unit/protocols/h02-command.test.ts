// H02 commands: the wire texts, the frames byte for byte against the manufacturers' documented
// examples, and how the device's V4 answers are judged.
import { describe, expect, it } from 'vitest';
import { decodeH02 } from '../../../src/ingest/protocols/h02';
import {
  encodeH02Command,
  h02CommandDialect,
  h02Knots,
} from '../../../src/ingest/protocols/h02-command';
import { h02Answer } from '../../../src/sim/h02-device';

/** 13:03:05 UTC, the time field of the manuals' examples. */
const AT_130305 = Date.UTC(2026, 0, 15, 13, 3, 5);
const { wireText, judgeReply } = h02CommandDialect;
const ascii = (s: string) => Buffer.from(s, 'ascii');

describe('H02 command frames', () => {
  it('cut and restore match GPS Tracker Communication Protocol V1.0.5, §四.1 (S20) byte for byte', () => {
    // "eg:*HQ,0000000000,S20,130305,1,1#" and "Method of recovery oil&engine, downlink
    // *HQ,0000000000,S20,130305,1,0#".
    const o = { deviceId: '0000000000', maker: 'HQ', time: AT_130305 };
    expect(encodeH02Command(wireText('immobiliser', 'immobilise'), o)).toEqual(
      ascii('*HQ,0000000000,S20,130305,1,1#'),
    );
    expect(encodeH02Command(wireText('immobiliser', 'mobilise'), o)).toEqual(
      ascii('*HQ,0000000000,S20,130305,1,0#'),
    );
  });

  it('the speed limit matches the ST-901 series Protocol, Part II 1) "Set the Speed limit S14"', () => {
    // "eg:*TH,0000000000,S14,130305,100,10,1,3#" (max 100, min 10, M = 1, 3 s).
    const frame = encodeH02Command('S14,100,10,1,3', {
      deviceId: '0000000000',
      maker: 'TH',
      time: AT_130305,
    });
    expect(frame).toEqual(ascii('*TH,0000000000,S14,130305,100,10,1,3#'));
  });

  it("matches Traccar's H02ProtocolEncoderTest engine stop and resume (time 01:02:03)", () => {
    const o = { deviceId: '123456789012345', time: Date.UTC(2026, 0, 15, 1, 2, 3) };
    expect(encodeH02Command('S20,1,1', o)).toEqual(ascii('*HQ,123456789012345,S20,010203,1,1#'));
    expect(encodeH02Command('S20,1,0', o)).toEqual(ascii('*HQ,123456789012345,S20,010203,1,0#'));
  });

  it('speaks to the device with its own maker code', () => {
    const frame = encodeH02Command('S20,1,1', { deviceId: '2020916012', maker: 'th', time: 0 });
    expect(frame.toString()).toBe('*TH,2020916012,S20,000000,1,1#');
  });

  it('refuses what is not a command it can frame', () => {
    const o = { deviceId: '1', time: 0 };
    expect(() => encodeH02Command('S20,1#,1', o)).toThrow(RangeError);
    expect(() => encodeH02Command('s20', o)).toThrow(RangeError);
    expect(() => encodeH02Command('S20', { ...o, deviceId: 'abc' })).toThrow(RangeError);
    expect(() => encodeH02Command('S20', { ...o, maker: 'H' })).toThrow(RangeError);
  });
});

describe('H02 wire texts', () => {
  it('immobilise cuts, mobilise and normal restore', () => {
    expect(wireText('immobiliser', 'immobilise')).toBe('S20,1,1');
    expect(wireText('immobiliser', 'mobilise')).toBe('S20,1,0');
    expect(wireText('immobiliser', 'normal')).toBe('S20,1,0');
  });

  it('the speed limit goes in whole knots, 20 s over it before the alarm; off clears it', () => {
    expect(wireText('speed_buzzer', '100')).toBe('S14,54,0,1,20');
    expect(wireText('speed_buzzer', '80')).toBe('S14,43,0,1,20');
    expect(wireText('speed_buzzer', '')).toBe('S14,0,0,1,0');
    expect(h02Knots('1000')).toBe(255);
    expect(h02Knots('1')).toBe(1);
  });
});

describe('H02 answers', () => {
  it('reads the V1.0.5 return codes: 0x80-0xFF success, 0x00-0x7F failure (§二.6)', () => {
    expect(judgeReply('immobiliser', 'immobilise', 'S20,80,130305')).toBe('confirmed');
    expect(judgeReply('immobiliser', 'mobilise', 'S20,80,130305')).toBe('confirmed');
    expect(judgeReply('immobiliser', 'immobilise', 'S20,00,130305')).toBe('failed');
    expect(judgeReply('immobiliser', 'immobilise', 'S20,01,130305')).toBe('failed');
  });

  it("reads the ST-901's words: DONE after a cut, OK after a restore, ERROR", () => {
    expect(judgeReply('immobiliser', 'immobilise', 'S20,DONE,130305')).toBe('confirmed');
    expect(judgeReply('immobiliser', 'mobilise', 'S20,DONE,130305')).toBe('unrelated');
    expect(judgeReply('immobiliser', 'normal', 'S20,OK,130305')).toBe('confirmed');
    expect(judgeReply('immobiliser', 'immobilise', 'S20,OK,130305')).toBe('unrelated');
    expect(judgeReply('immobiliser', 'immobilise', 'S20,ERROR,130305')).toBe('failed');
    expect(judgeReply('immobiliser', 'immobilise', 'S20,130305')).toBe('confirmed');
  });

  it('matches the speed limit echoed back against the one sent', () => {
    expect(judgeReply('speed_buzzer', '185', 'S14,100,10,1,3,130305')).toBe('confirmed');
    expect(judgeReply('speed_buzzer', '100', 'S14,100,10,1,3,130305')).toBe('unrelated');
    expect(judgeReply('speed_buzzer', '100', 'S14,54,0,1,20,130305')).toBe('confirmed');
    expect(judgeReply('speed_buzzer', '', 'S14,0,0,1,0,130305')).toBe('confirmed');
    expect(judgeReply('speed_buzzer', '', 'S14,54,0,1,20,130305')).toBe('unrelated');
    expect(judgeReply('speed_buzzer', '100', 'S14,80,130305')).toBe('confirmed');
  });

  it('leaves answers to other commands and free text alone', () => {
    expect(judgeReply('immobiliser', 'immobilise', 'S17,130305')).toBe('unrelated');
    expect(judgeReply('speed_buzzer', '100', 'S20,DONE,130305')).toBe('unrelated');
    expect(judgeReply('immobiliser', 'immobilise', 'ST906 ID:5226073533 VOLT:12.9V')).toBe(
      'unrelated',
    );
  });

  it('judges the result the decoder takes from the corpus V4 messages', () => {
    const result = (frame: string) => {
      const b = Buffer.from(frame);
      const r = decodeH02(b, 0, b.length, { deviceId: null, now: AT_130305 });
      if (r.kind !== 'records') throw new Error(r.kind);
      return String(r.records[0].attributes.result);
    };
    const done = result(
      '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#',
    );
    expect(judgeReply('immobiliser', 'immobilise', done)).toBe('confirmed');
    const ret = result(
      '*HQ,2020916012,V4,S20,80,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF,460,000,27A6,0F70#',
    );
    expect(ret).toBe('S20,80,130305');
    expect(judgeReply('immobiliser', 'mobilise', ret)).toBe('confirmed');
  });
});

describe('the simulated H02 tracker', () => {
  it('cuts and restores on S20 and answers as the ST-901 does', () => {
    expect(h02Answer('*HQ,0000000000,S20,130305,1,1#')).toEqual({
      command: { kind: 'output', dout1: 1 },
      reply: 'S20,DONE,130305',
    });
    expect(h02Answer('*HQ,0000000000,S20,130305,1,0#')).toEqual({
      command: { kind: 'output', dout1: 0 },
      reply: 'S20,OK,130305',
    });
  });

  it('takes a speed limit in knots and echoes it; 0 turns it off', () => {
    expect(h02Answer('*HQ,1,S14,101010,54,0,1,20#')).toEqual({
      command: { kind: 'buzzer', limit: 100 },
      reply: 'S14,54,0,1,20,101010',
    });
    expect(h02Answer('*HQ,1,S14,101010,0,0,1,0#').command).toEqual({ kind: 'buzzer', limit: null });
  });

  it('refuses other commands with ERROR and ignores what is not a command', () => {
    expect(h02Answer('*HQ,1,R1,101010#')).toEqual({ command: null, reply: 'R1,ERROR,101010' });
    expect(h02Answer('hello')).toEqual({ command: null, reply: '' });
  });

  it('its answers are judged as the real ones', () => {
    for (const [kind, value] of [
      ['immobiliser', 'immobilise'],
      ['immobiliser', 'mobilise'],
      ['speed_buzzer', '100'],
      ['speed_buzzer', ''],
    ] as const) {
      const frame = encodeH02Command(wireText(kind, value), { deviceId: '1', time: AT_130305 });
      const { reply } = h02Answer(frame.toString());
      expect(judgeReply(kind, value, reply), `${kind} ${value}`).toBe('confirmed');
    }
  });
});
