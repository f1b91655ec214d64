import { refusedAddressReason, validateEndpointUrl } from '../../../src/webhooks/destination';

const REFUSED = [
  '127.0.0.1',
  '127.1.2.3',
  '10.0.0.5',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.10.10',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '0:0:0:0:0:ffff:169.254.169.254',
  '64:ff9b::a00:1',
  '[::1]',
];
const PUBLIC = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'];

describe('webhook destination rules', () => {
  it.each(REFUSED)('refuses %s unless private destinations are allowed', (ip) => {
    expect(refusedAddressReason(ip, false)).toMatch(/address/);
  });

  it.each(PUBLIC)('accepts the public address %s', (ip) => {
    expect(refusedAddressReason(ip, false)).toBeNull();
  });

  it('lets loopback and private addresses through when allowed, but never cloud metadata', () => {
    expect(refusedAddressReason('127.0.0.1', true)).toBeNull();
    expect(refusedAddressReason('10.1.2.3', true)).toBeNull();
    expect(refusedAddressReason('169.254.169.254', true)).toMatch(/metadata/);
    expect(refusedAddressReason('::ffff:169.254.169.254', true)).toMatch(/metadata/);
    expect(refusedAddressReason('fd00:ec2::254', true)).toMatch(/metadata/);
  });

  it('requires https in live mode, http(s) in test mode, and no credentials or fragment', () => {
    expect(validateEndpointUrl('https://hooks.example.com/x', 'live', false).toString()).toBe(
      'https://hooks.example.com/x',
    );
    expect(() => validateEndpointUrl('http://hooks.example.com/x', 'live', true)).toThrow(/https/);
    expect(validateEndpointUrl('http://hooks.example.com/x', 'test', false).protocol).toBe('http:');
    expect(() => validateEndpointUrl('ftp://hooks.example.com/x', 'test', true)).toThrow(/https/);
    expect(() => validateEndpointUrl('https://user:pw@hooks.example.com/', 'live', true)).toThrow(
      /credentials/,
    );
    expect(() => validateEndpointUrl('https://hooks.example.com/#x', 'live', true)).toThrow(/fragment/);
    expect(() => validateEndpointUrl('not a url', 'live', true)).toThrow(/valid/);
  });

  it('refuses literal private addresses at registration unless allowed', () => {
    expect(() => validateEndpointUrl('https://127.0.0.1:8443/hook', 'live', false)).toThrow(/refused/);
    expect(() => validateEndpointUrl('https://[::1]/hook', 'live', false)).toThrow(/refused/);
    expect(() => validateEndpointUrl('https://169.254.169.254/', 'live', true)).toThrow(/metadata/);
    expect(validateEndpointUrl('https://127.0.0.1:8443/hook', 'live', true).hostname).toBe('127.0.0.1');
  });
});
