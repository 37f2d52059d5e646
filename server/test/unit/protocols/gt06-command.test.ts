// GT06 server command bytes (protocol 0x80) against published vectors:
// - Traccar's Gt06ProtocolEncoderTest (github.com/traccar/traccar, src/test/java/org/traccar/protocol/
//   Gt06ProtocolEncoderTest.java): engine stop "Relay,1#" = 787812800c0000000052656c61792c312300009dee0d0a
//   and engine resume "Relay,0#" = 787812800c0000000052656c61792c3023000081550d0a (no language field);
// - the Concox GT06N layout with the two language bytes (0x0002 English) after the text:
//   787814800c0000000052656c61792c312300020000f59f0d0a.
import { describe, expect, it } from 'vitest';
import {
  decodeGt06CommandText,
  encodeGt06Command,
  gt06ContentOf,
} from '../../../src/ingest/protocols/gt06-command';
import { decodeGt06, encodeGt06Frame } from '../../../src/ingest/protocols/gt06';
import { judgeReply, wireText } from '../../../src/ingest/commands-wire';

const hex = (b: Buffer) => b.toString('hex');

describe('GT06 command packet', () => {
  it('reproduces the published Relay,1# and Relay,0# packets', () => {
    const stop = wireText('gt06', 'immobiliser', 'immobilise');
    const resume = wireText('gt06', 'immobiliser', 'mobilise');
    expect([stop, resume]).toEqual(['Relay,1#', 'Relay,0#']);
    expect(hex(encodeGt06Command(stop, { serverFlag: 0, serial: 0, language: false }))).toBe(
      '787812800c0000000052656c61792c312300009dee0d0a',
    );
    expect(hex(encodeGt06Command(resume, { serverFlag: 0, serial: 0, language: false }))).toBe(
      '787812800c0000000052656c61792c3023000081550d0a',
    );
    expect(hex(encodeGt06Command(stop, { serverFlag: 0, serial: 0 }))).toBe(
      '787814800c0000000052656c61792c312300020000f59f0d0a',
    );
  });

  it('carries the server flag the answer (0x15) brings back', () => {
    const sent = encodeGt06Command('Relay,1#', { serverFlag: 4711, serial: 3 });
    const c = gt06ContentOf(sent, 0, sent.length);
    expect(decodeGt06CommandText(sent, c.type, c.start, c.end)).toEqual({
      serverFlag: 4711,
      text: 'Relay,1#',
    });
    const text = Buffer.from('Cut off the fuel supply: Success!');
    const content = Buffer.alloc(7 + text.length);
    content[0] = 4 + text.length;
    content.writeUInt32BE(4711, 1);
    text.copy(content, 5);
    content.writeUInt16BE(2, 5 + text.length);
    const answer = encodeGt06Frame(0x15, 3, content);
    // The gateway stores the answer as a record with `result` (a command_reply event), answers
    // it with its type and serial once stored (as Traccar does), and gives it to the dispatcher.
    const stored = decodeGt06(answer, 0, answer.length, '868120300000000', 0);
    if (stored.kind !== 'data') throw new Error(stored.kind);
    expect(stored.records[0]).toMatchObject({
      hasLocation: false,
      attributes: { result: 'Cut off the fuel supply: Success!' },
    });
    expect(stored.reply).toEqual(encodeGt06Frame(0x15, 3, Buffer.alloc(0)));
    const a = gt06ContentOf(answer, 0, answer.length);
    expect(decodeGt06CommandText(answer, a.type, a.start, a.end)).toEqual({
      serverFlag: 4711,
      text: 'Cut off the fuel supply: Success!',
    });
    expect(
      judgeReply('gt06', 'immobiliser', 'immobilise', 'Cut off the fuel supply: Success!'),
    ).toBe('confirmed');
    expect(judgeReply('gt06', 'immobiliser', 'immobilise', 'Cut off the fuel supply failed')).toBe(
      'failed',
    );
  });

  it('sets the overspeed alarm for the buzzer', () => {
    expect(wireText('gt06', 'speed_buzzer', '80')).toBe('SPEED,ON,20,80,1#');
    expect(wireText('gt06', 'speed_buzzer', '')).toBe('SPEED,OFF#');
  });
});
