import { networkOf } from './client-network';

describe('networkOf', () => {
  it.each([
    ['203.0.113.7', 'v4:203.0.113.7'],
    ['::ffff:203.0.113.7', 'v4:203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', 'v6:2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', 'v6:2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', 'v6:2001:db8:1:2::/64'],
    ['2001:db8::1', 'v6:2001:db8:0:0::/64'],
    ['::1', 'v6:0:0:0:0::/64'],
    ['fe80::1%eth0', 'v6:fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', 'v6:64:ff9b:0:0::/64'],
  ])('%s counts against %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });

  it('puts two addresses of one IPv6 /64 together, and two IPv4 neighbours apart', () => {
    expect(networkOf('2001:db8:aa:bb::1')).toBe(networkOf('2001:db8:aa:bb:ffff::2'));
    expect(networkOf('2001:db8:aa:bb::1')).not.toBe(networkOf('2001:db8:aa:bc::1'));
    expect(networkOf('198.51.100.1')).not.toBe(networkOf('198.51.100.2'));
  });
});
