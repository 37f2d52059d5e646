// A bounds-checked cursor over a frame's bytes, shared by the binary decoders: every read checks
// the bytes are there first and throws Truncated when they are not, so a claimed length larger
// than the frame never reads past it. Numbers are composed from the bytes directly (Buffer's
// readUInt16BE & co. check their arguments again, which costs a record of thirty reads a tenth).

/** Thrown when a packet's content ends before a field it should hold. */
export class Truncated extends Error {}

/** A bounds-checked big-endian cursor over one packet's content. */
export class Reader {
  constructor(
    readonly buf: Buffer,
    public p: number,
    readonly end: number,
  ) {}
  get left(): number {
    return this.end - this.p;
  }
  need(n: number): void {
    if (n < 0 || this.p + n > this.end) throw new Truncated();
  }
  peek(at = 0): number {
    this.need(at + 1);
    return this.buf[this.p + at];
  }
  u8(): number {
    this.need(1);
    return this.buf[this.p++];
  }
  u16(): number {
    this.need(2);
    const b = this.buf;
    const p = this.p;
    this.p = p + 2;
    return (b[p] << 8) | b[p + 1];
  }
  s16(): number {
    return (this.u16() << 16) >> 16;
  }
  u24(): number {
    this.need(3);
    const v = this.buf.readUIntBE(this.p, 3);
    this.p += 3;
    return v;
  }
  u32(): number {
    return this.s32() >>> 0;
  }
  s32(): number {
    this.need(4);
    const b = this.buf;
    const p = this.p;
    this.p = p + 4;
    return (b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3];
  }
  u32le(): number {
    this.need(4);
    const v = this.buf.readUInt32LE(this.p);
    this.p += 4;
    return v;
  }
  /** A 64-bit cell id: exact up to 2^53, which real cell ids never reach. */
  u64(): number {
    this.need(8);
    const v = Number(this.buf.readBigUInt64BE(this.p));
    this.p += 8;
    return v;
  }
  skip(n: number): void {
    this.need(n);
    this.p += n;
  }
  hex(n: number): string {
    this.need(n);
    const s = this.buf.toString('hex', this.p, this.p + n);
    this.p += n;
    return s;
  }
  ascii(n: number): string {
    this.need(n);
    const s = this.buf.toString('latin1', this.p, this.p + n);
    this.p += n;
    return s;
  }
  /** A reader over the next `n` bytes (a module or sub-block); this one moves past them. */
  sub(n: number): this {
    this.need(n);
    const Same = this.constructor as new (buf: Buffer, p: number, end: number) => this;
    const r = new Same(this.buf, this.p, this.p + n);
    this.p += n;
    return r;
  }
}

/** The same cursor reading little-endian numbers (Meitrack's binary records). */
export class LeReader extends Reader {
  override u16(): number {
    this.need(2);
    const b = this.buf;
    const p = this.p;
    this.p = p + 2;
    return b[p] | (b[p + 1] << 8);
  }
  override s32(): number {
    this.need(4);
    const b = this.buf;
    const p = this.p;
    this.p = p + 4;
    return b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
  }
}
