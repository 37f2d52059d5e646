// Queclink @Track server commands, byte for byte against the manufacturer's documented examples:
// - GV300 @Track Air Interface Protocol (TRACGV300AN002, rev. 2.40) §3.2.5 "Digital Output":
//   AT+GTOUT=gv300,1,,,0,0,0,0,5,1,,,,,,,,0004$
// - GV200 @Track Air Interface Protocol (TRACGV200AN003) §"Digital Output" (four outputs):
//   AT+GTOUT=gv200,1,0,0,0,0,0,0,5,1,0,8,3,,,,,0005$
// - the acknowledgements: GMT100 @Track (TRACGMT100AN001) §3.2.5 +ACK:GTOUT,080100,
//   135790246811220,,0004,20090214093254,11F0$ and GV300 (TRACGV300AN002) speed alarm section
//   +ACK:GTSPD,060100,135790246811220,,000C,20090214093254,11F0$;
// - Traccar's Gl200ProtocolEncoder engine stop/resume: AT+GTOUT=<password>,1|0,,,0,0,0,0,0,0,0,,,,,,,FFFF$.
import { describe, expect, it } from 'vitest';
import {
  encodeQueclinkCommand,
  queclinkAckSerial,
  queclinkCommandDialect as dialect,
  queclinkPassword,
} from '../../../src/ingest/protocols/queclink-command';
import { decodeQueclink } from '../../../src/ingest/protocols/queclink';
import { queclinkAnswer } from '../../../src/sim/queclink-device';

const wire = (text: string, password: string, serial: number) =>
  encodeQueclinkCommand(text, { password, serial }).toString('latin1');

const OUT_ACK = '+ACK:GTOUT,080100,135790246811220,,0004,20090214093254,11F0$';
const SPD_ACK = '+ACK:GTSPD,060100,135790246811220,,000C,20090214093254,11F0$';

describe('Queclink command encoder', () => {
  it('reproduces the manuals’ AT+GTOUT examples byte for byte', () => {
    expect(wire('AT+GTOUT=<password>,1,,,0,0,0,0,5,1,,,,,,,,<serial>$', 'gv300', 4)).toBe(
      'AT+GTOUT=gv300,1,,,0,0,0,0,5,1,,,,,,,,0004$',
    );
    expect(wire('AT+GTOUT=<password>,1,0,0,0,0,0,0,5,1,0,8,3,,,,,<serial>$', 'gv200', 5)).toBe(
      'AT+GTOUT=gv200,1,0,0,0,0,0,0,5,1,0,8,3,,,,,0005$',
    );
  });

  it('says immobilise as output 1 on, mobilise and normal as output 1 off (Traccar’s form)', () => {
    const immobilise = dialect.wireText('immobiliser', 'immobilise');
    expect(immobilise).toBe('AT+GTOUT=<password>,1,,,0,0,0,0,0,0,0,,,,,,,<serial>$');
    expect(wire(immobilise, 'gl200', 0xffff)).toBe('AT+GTOUT=gl200,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
    for (const mode of ['mobilise', 'normal']) {
      expect(wire(dialect.wireText('immobiliser', mode), 'gv300', 0x2a)).toBe(
        'AT+GTOUT=gv300,0,,,0,0,0,0,0,0,0,,,,,,,002A$',
      );
    }
    // Same parameter count as the GV300 manual's example: password, 16 parameters, serial.
    expect(wire(immobilise, 'gv300', 4).split(',')).toHaveLength(
      'AT+GTOUT=gv300,1,,,0,0,0,0,5,1,,,,,,,,0004$'.split(',').length,
    );
  });

  it('sets the speed alarm above the limit with a buzzer wave on output 2, and clears it', () => {
    const on = wire(dialect.wireText('speed_buzzer', '90'), 'gv300', 12);
    expect(on).toBe('AT+GTSPD=gv300,2,0,90,20,60,2,0,20,5,,,,,,,,,,,,000C$');
    const off = wire(dialect.wireText('speed_buzzer', ''), 'gv300', 13);
    expect(off).toBe('AT+GTSPD=gv300,0,,,,,,,,,,,,,,,,,,,,000D$');
    // No AT+GTSPD example is in the reference material at hand; the parameter count (20 between
    // the password and the serial number) is the one GV55/GV300 set-ups in the field send, e.g.
    // AT+GTSPD=gv55,2,0,60,15,60,0,0,0,0,,,,,,,,,,,,FFFF$.
    const field = 'AT+GTSPD=gv55,2,0,60,15,60,0,0,0,0,,,,,,,,,,,,FFFF$'.split(',').length;
    expect([on.split(',').length, off.split(',').length]).toEqual([field, field]);
  });

  it('fills the serial number as 4 hex digits of the command id', () => {
    expect(wire(dialect.wireText('speed_buzzer', '80'), 'gv55', 0x1234f)).toMatch(/,234F\$$/);
  });

  it('refuses what is not an @Track command or a password the device cannot hold', () => {
    expect(() => wire('Relay,1#', 'gv300', 1)).toThrow(RangeError);
    expect(() => wire(dialect.wireText('immobiliser', 'immobilise'), 'a,b', 1)).toThrow(RangeError);
    expect(() => wire(`AT+GTOUT=<password>,${'1,'.repeat(100)}<serial>$`, 'gv300', 1)).toThrow(
      RangeError,
    );
  });

  it('uses the device type’s factory password', () => {
    expect(['GV300', 'GL300', 'GV55 LITE', 'GV300W', ''].map(queclinkPassword)).toEqual([
      'gv300',
      'gl300',
      'gv55lite',
      'gv300w',
      'gl200',
    ]);
  });
});

describe('Queclink command answers', () => {
  it('confirms a command by its +ACK (manual examples), other answers are unrelated', () => {
    expect(dialect.judgeReply('immobiliser', 'immobilise', OUT_ACK)).toBe('confirmed');
    expect(dialect.judgeReply('immobiliser', 'mobilise', OUT_ACK)).toBe('confirmed');
    expect(dialect.judgeReply('speed_buzzer', '90', SPD_ACK)).toBe('confirmed');
    expect(dialect.judgeReply('immobiliser', 'immobilise', SPD_ACK)).toBe('unrelated');
    expect(dialect.judgeReply('speed_buzzer', '', OUT_ACK)).toBe('unrelated');
    expect(dialect.judgeReply('immobiliser', 'normal', '+ACK:GTRTO,1A0800,8605,,VER,FFFF')).toBe(
      'unrelated',
    );
  });

  it('stores an +ACK as a command reply, acknowledged after commit, with its serial number', () => {
    const b = Buffer.from(OUT_ACK);
    const r = decodeQueclink(b, 0, b.length, 0);
    if (r.kind !== 'data') throw new Error(r.kind);
    expect(r.commandReply).toBe(OUT_ACK.slice(0, -1));
    expect(r.records[0]).toMatchObject({
      deviceId: '135790246811220',
      hasLocation: false,
      fixTime: Date.UTC(2009, 1, 14, 9, 32, 54),
      attributes: { result: OUT_ACK.slice(0, -1) },
    });
    expect(r.reply?.toString()).toBe('+SACK:11F0$');
    expect(queclinkAckSerial(OUT_ACK)).toBe(4);
    expect(queclinkAckSerial(SPD_ACK)).toBe(12);
  });

  it('the simulated GV300 applies what it is sent with its own password only', () => {
    const immobilise = wire(dialect.wireText('immobiliser', 'immobilise'), 'gv300', 7);
    expect(queclinkAnswer(immobilise)).toEqual({
      command: { kind: 'output', dout1: 1 },
      ack: { command: 'OUT', serial: '0007' },
    });
    expect(queclinkAnswer(wire(dialect.wireText('speed_buzzer', '90'), 'gv300', 8))).toEqual({
      command: { kind: 'buzzer', limit: 90 },
      ack: { command: 'SPD', serial: '0008' },
    });
    expect(queclinkAnswer(wire(dialect.wireText('speed_buzzer', ''), 'gv300', 9)).command).toEqual({
      kind: 'buzzer',
      limit: null,
    });
    expect(queclinkAnswer(wire(dialect.wireText('immobiliser', 'mobilise'), 'gl300', 7))).toEqual({
      command: null,
      ack: null,
    });
  });
});
