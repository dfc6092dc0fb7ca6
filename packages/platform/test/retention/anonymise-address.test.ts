import { describe, expect, test } from 'vitest';
import { anonymiseAddress } from '../../src/retention/anonymise-address.ts';

describe('anonymiseAddress', () => {
  test.each([
    ['203.0.113.77', '203.0.113.0'],
    ['10.1.2.3', '10.1.2.0'],
    ['::ffff:198.51.100.23', '198.51.100.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:0db8:0001:0000:0000:0000:0000:0001', '2001:db8:1::'],
    ['2001:db8::1', '2001:db8::'],
    ['::1', '::'],
    ['fe80::1%eth0', 'fe80::'],
    ['0:db8:1::5', '0:db8:1::'],
  ])('when the address is %s, then it is kept as %s', (address, expected) => {
    expect(anonymiseAddress(address)).toBe(expected);
  });

  test.each([['unknown'], [''], ['999.1.1.1'], ['not an address']])(
    'when the value %j is no address, then nothing is kept',
    (value) => {
      expect(anonymiseAddress(value)).toBeNull();
    },
  );

  test('when there is no address, then it stays null', () => {
    expect(anonymiseAddress(null)).toBeNull();
  });
});
