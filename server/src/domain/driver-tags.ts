// Driver tags (iButton and RFID ids) as people's records and trackers spell them. The same key
// can reach the server in several spellings: Teltonika's IO 78 is printed as 16 hex digits
// ("00000000A1B2C301"), a person's record may hold the 12 printed on the key ("0000A1B2C301"), a
// GT06 in lower case, a reader with separators ("01:A4:F3"). Tags are compared by this key.

/** The comparison key of a tag: upper case, no separators or spaces, no leading zeros. */
export function tagKey(tag: string): string {
  return tag
    .trim()
    .toUpperCase()
    .replace(/[\s:-]/g, '')
    .replace(/^0+(?=.)/, '');
}

/** Whether two spellings name the same key. */
export function sameTag(a: string, b: string): boolean {
  return tagKey(a) === tagKey(b);
}
