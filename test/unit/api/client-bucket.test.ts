import { clientBucket } from '../../../src/api/middleware/rate-limit';
import { eachCaseGives } from '../../support/cases';

describe('rate-limit bucket of a client address', () => {
  eachCaseGives('%s counts against %s', clientBucket, [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
  ]);

  it('gives every address of one /64 the same bucket, and neighbouring /64s different ones', () => {
    const buckets = new Set(
      Array.from({ length: 50 }, (_, i) => clientBucket(`2001:db8:aa:bb:${i.toString(16)}::${i + 1}`)),
    );
    expect([...buckets]).toEqual(['2001:db8:aa:bb::/64']);
    expect(clientBucket('2001:db8:aa:bc::1')).not.toBe(clientBucket('2001:db8:aa:bb::1'));
  });
});
