/**
 * `ipa`, the client addresses an issued key may be used from (docs/api.md §7): IPv4
 * addresses or CIDR ranges separated by spaces or commas; empty means any address.
 */
import { type Parsed, parsed, rejected } from './result';

export interface IpRange {
  /** Network address as an unsigned 32-bit number (host bits cleared). */
  readonly network: number;
  readonly prefixLength: number;
}

const OCTET = /^(0|[1-9]\d{0,2})$/;

/** Parses a dotted-quad IPv4 address, or returns undefined. Leading zeros are refused (octal?). */
export function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!OCTET.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

const maskOf = (prefixLength: number) =>
  prefixLength === 0 ? 0 : (0xffffffff << (32 - prefixLength)) >>> 0;

/** Parses an `ipa` list; every bad entry is named in the message. */
export function parseAllowedAddresses(input: string | undefined): Parsed<IpRange[]> {
  const entries = (input ?? '').split(/[\s,]+/).filter(Boolean);
  const ranges: IpRange[] = [];
  for (const entry of entries) {
    const [addressText, prefixText, extra] = entry.split('/');
    const address = parseIPv4(addressText ?? '');
    if (address === undefined || extra !== undefined) {
      return rejected(
        `ipa entry "${entry}" is not an IPv4 address or CIDR range (like 192.0.2.10 or 192.0.2.0/24)`,
      );
    }
    let prefixLength = 32;
    if (prefixText !== undefined) {
      if (!/^(\d|[12]\d|3[0-2])$/.test(prefixText)) {
        return rejected(`ipa entry "${entry}" has prefix length "${prefixText}": use 0 to 32`);
      }
      prefixLength = Number(prefixText);
    }
    ranges.push({ network: (address & maskOf(prefixLength)) >>> 0, prefixLength });
  }
  return parsed(ranges);
}

/**
 * Every entry of an `ipa` list that `parseAllowedAddresses` refuses, in order, so a form can name them all
 * (parseAllowedAddresses stops at the first). Empty when the list is valid.
 */
export function badAddressEntries(input: string | undefined): string[] {
  return (input ?? '')
    .split(/[\s,]+/)
    .filter((entry) => entry !== '' && !parseAllowedAddresses(entry).ok);
}

/**
 * Whether a client address may use a key restricted to `ranges` (no ranges: any address).
 * Accepts IPv4 and IPv4-mapped IPv6 (`::ffff:192.0.2.1`); other IPv6 addresses match no range.
 */
export function isAddressAllowed(ranges: readonly IpRange[], clientAddress: string): boolean {
  if (ranges.length === 0) return true;
  const address = parseIPv4(clientAddress.replace(/^::ffff:/i, ''));
  if (address === undefined) return false;
  return ranges.some((range) => (address & maskOf(range.prefixLength)) >>> 0 === range.network);
}

/** Canonical text of a range list, for storing and showing. */
export function formatAllowedAddresses(ranges: readonly IpRange[]): string {
  return ranges
    .map((range) => {
      const n = range.network;
      const dotted = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
      return range.prefixLength === 32 ? dotted : `${dotted}/${range.prefixLength}`;
    })
    .join(' ');
}
