import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAllowedAddresses,
  isAddressAllowed,
  parseValidity,
  parseIPv4,
  parseAllowedAddresses,
} from '../../../../shared/api';
import { badAddressEntries } from '../../../../shared/api/key-addresses';

const now = new Date('2026-11-22T09:00:00.000Z');
const utc = { now, utcOffsetMinutes: 0 };
const jst = { now, utcOffsetMinutes: 540 };

function expiry(input: string | undefined, options = utc): string {
  const result = parseValidity(input, options);
  if (!result.ok) throw new Error(result.error);
  return result.data.toISOString();
}

describe('epi', () => {
  it('defaults to 30 000 ms', () => {
    expect(expiry(undefined)).toBe('2026-11-22T09:00:30.000Z');
    expect(expiry('  ')).toBe('2026-11-22T09:00:30.000Z');
  });

  it('reads plain milliseconds and every unit', () => {
    expect(expiry('1500')).toBe('2026-11-22T09:00:01.500Z');
    expect(expiry('45s')).toBe('2026-11-22T09:00:45.000Z');
    expect(expiry('10m')).toBe('2026-11-22T09:10:00.000Z');
    expect(expiry('12h')).toBe('2026-11-22T21:00:00.000Z');
    expect(expiry('2d')).toBe('2026-11-24T09:00:00.000Z');
    expect(expiry('1w')).toBe('2026-11-29T09:00:00.000Z');
  });

  it('n units equal n times the unit in ms (property)', () => {
    const units = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7, w: 6.048e8 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('s', 'm', 'h', 'd', 'w'),
        (n, u) => {
          const result = parseValidity(`${n}${u}`, utc);
          expect(result.ok && result.data.getTime() - now.getTime()).toBe(n * units[u]);
        },
      ),
    );
  });

  it('reads absolute dates in the given zone; a date alone is the end of that day', () => {
    expect(expiry('2026-12-01')).toBe('2026-12-01T23:59:59.999Z');
    expect(expiry('2026-12-01 08:30:00')).toBe('2026-12-01T08:30:00.000Z');
    expect(expiry('2026-12-01', jst)).toBe('2026-12-01T14:59:59.999Z');
    expect(expiry('2028-02-29')).toBe('2028-02-29T23:59:59.999Z');
  });

  const bad: Array<[string, RegExp]> = [
    ['0', /longer than zero/],
    ['12x', /unknown unit "x": use s, m, h, d or w/],
    ['12H', /unknown unit "H"/],
    ['soon', /"soon" is not a validity period: use milliseconds/],
    ['-5s', /not a validity period/],
    ['2027-02-29', /day 29 does not exist in 2027-02/],
    ['2026-13-01', /month 13 does not exist/],
    ['2026-12-01 24:00:00', /24:00:00 is not a time of day/],
    ['2026-11-21', /already in the past/],
    ['99999999999999999999', /too far in the future/],
  ];
  it.each(bad)('rejects %j naming the bad part', (input, message) => {
    const result = parseValidity(input, utc);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('ipa', () => {
  it('lists every entry it refuses, not only the first', () => {
    expect(badAddressEntries('300.1.1.1, 10.0.0.0/33 192.0.2.0/24 ::1 1.2.3.4/8/1')).toEqual([
      '300.1.1.1',
      '10.0.0.0/33',
      '::1',
      '1.2.3.4/8/1',
    ]);
    expect(badAddressEntries(' 192.0.2.1, 10.0.0.0/8 ')).toEqual([]);
    expect(badAddressEntries(undefined)).toEqual([]);
  });

  function ranges(input: string) {
    const result = parseAllowedAddresses(input);
    if (!result.ok) throw new Error(result.error);
    return result.data;
  }

  it('empty means any address', () => {
    expect(ranges('')).toEqual([]);
    expect(isAddressAllowed(ranges(''), '203.0.113.9')).toBe(true);
    expect(isAddressAllowed(ranges('  , '), '::1')).toBe(true);
  });

  it('reads addresses and CIDR ranges separated by spaces or commas', () => {
    const list = ranges('192.0.2.10, 198.51.100.0/24 10.0.0.0/8,127.0.0.1');
    expect(formatAllowedAddresses(list)).toBe('192.0.2.10 198.51.100.0/24 10.0.0.0/8 127.0.0.1');
    expect(isAddressAllowed(list, '192.0.2.10')).toBe(true);
    expect(isAddressAllowed(list, '192.0.2.11')).toBe(false);
    expect(isAddressAllowed(list, '198.51.100.255')).toBe(true);
    expect(isAddressAllowed(list, '198.51.101.0')).toBe(false);
    expect(isAddressAllowed(list, '10.200.3.4')).toBe(true);
    expect(isAddressAllowed(list, '::ffff:127.0.0.1')).toBe(true);
    expect(isAddressAllowed(list, '::1')).toBe(false);
  });

  it('clears host bits of a range and treats /0 as everything', () => {
    expect(formatAllowedAddresses(ranges('192.168.1.77/24'))).toBe('192.168.1.0/24');
    expect(isAddressAllowed(ranges('0.0.0.0/0'), '8.8.8.8')).toBe(true);
  });

  it('matches exactly the addresses inside a range (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(0xffffffff),
        fc.nat(0xffffffff),
        fc.integer({ min: 0, max: 32 }),
        (net, addr, len) => {
          const dotted = (n: number) =>
            [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
          const shift = 32 - len;
          const sameNetwork =
            len === 0 || Math.floor(net / 2 ** shift) === Math.floor(addr / 2 ** shift);
          expect(isAddressAllowed(ranges(`${dotted(net)}/${len}`), dotted(addr))).toBe(sameNetwork);
          expect(parseIPv4(dotted(addr))).toBe(addr);
        },
      ),
    );
  });

  const bad: Array<[string, RegExp]> = [
    ['192.0.2.256', /"192.0.2.256" is not an IPv4 address/],
    ['192.0.2', /"192.0.2" is not/],
    ['192.0.2.010', /"192.0.2.010"/],
    ['10.0.0.0/33', /prefix length "33": use 0 to 32/],
    ['10.0.0.0/8/8', /"10.0.0.0\/8\/8"/],
    ['127.0.0.1 localhost', /"localhost"/],
    ['::1', /"::1" is not an IPv4/],
  ];
  it.each(bad)('rejects %j naming the bad entry', (input, message) => {
    const result = parseAllowedAddresses(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
