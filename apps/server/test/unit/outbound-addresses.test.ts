/** The outbound-address policy's address rules: every special-purpose range, in every IPv6 disguise. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { addressRefusal, blockListOf, classifyAddress, embeddedIpv4s } from '../../src/net/addresses.ts';

/** One address inside each range that must not be reached, and one just outside when it matters. */
const REFUSED_V4 = [
  '0.0.0.0',
  '0.255.255.255', // unspecified / "this network"
  '10.0.0.1',
  '10.255.255.255', // private
  '100.64.0.1',
  '100.127.255.254', // CGNAT
  '127.0.0.1',
  '127.255.255.254', // loopback
  '169.254.0.1',
  '169.254.169.254', // link-local (cloud metadata)
  '172.16.0.1',
  '172.31.255.255', // private
  '192.0.0.1',
  '192.0.0.170', // IETF protocol assignments
  '192.0.2.1',
  '198.51.100.1',
  '203.0.113.1', // documentation
  '192.88.99.1', // 6to4 relay anycast
  '192.168.0.1',
  '192.168.255.255', // private
  '198.18.0.1',
  '198.19.255.255', // benchmarking
  '224.0.0.1',
  '239.255.255.255', // multicast
  '240.0.0.1',
  '255.255.255.255', // reserved, broadcast
];
const PUBLIC_V4 = [
  '1.1.1.1',
  '8.8.8.8',
  '9.255.255.255',
  '11.0.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '126.255.255.255',
  '128.0.0.1',
  '169.253.255.255',
  '172.15.255.255',
  '172.32.0.1',
  '192.167.255.255',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.1',
  '223.255.255.255',
];

const REFUSED_V6 = [
  '::', // unspecified
  '::1', // loopback
  'fe80::1',
  'febf::1',
  'fe80::1%eth0', // link-local
  'fec0::1', // site-local
  'fc00::1',
  'fd12:3456::1', // unique local
  'ff02::1',
  'ff0e::1', // multicast
  '100::1', // discard
  '2001:db8::1',
  '3fff::1', // documentation
  '2001:2::1',
  '2001:10::1', // IETF protocol assignments
  '64:ff9b:1::1', // local-use NAT64
  '5f00::1', // segment routing
];
const PUBLIC_V6 = ['2606:4700::1111', '2a00:1450:4007:80e::200e', '2001:4860:4860::8888'];

/** A private IPv4 address in each IPv6 form that leads to it. */
const DISGUISED = [
  ['::ffff:127.0.0.1', '127.0.0.1'], // IPv4-mapped
  ['::ffff:7f00:1', '127.0.0.1'],
  ['::ffff:0:a9fe:a9fe', '169.254.169.254'], // IPv4-translated
  ['::10.0.0.1', '10.0.0.1'], // IPv4-compatible
  ['64:ff9b::c0a8:101', '192.168.1.1'], // NAT64
  ['64:ff9b::169.254.169.254', '169.254.169.254'],
  ['2002:a9fe:a9fe::1', '169.254.169.254'], // 6to4
  ['2002:7f00:1::', '127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'], // Teredo: client 127.0.0.1, stored inverted
  ['2001:0:a00:1::1', '10.0.0.1'], // Teredo: private relay
];

describe('outbound address rules', () => {
  it.each(REFUSED_V4.concat(REFUSED_V6))('refuses %s', (address) => {
    expect(classifyAddress(address)).not.toBeNull();
    expect(addressRefusal(address, blockListOf([]))).not.toBeNull();
  });
  it.each(PUBLIC_V4.concat(PUBLIC_V6))('lets public %s through', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });
  it.each(DISGUISED)('refuses %s, which leads to %s', (address, v4) => {
    expect(embeddedIpv4s(address)).toContain(v4);
    expect(classifyAddress(address)).not.toBeNull();
  });
  it('judges transition forms of public addresses by the address they lead to', () => {
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808::f7f7:f7f7']) expect(classifyAddress(address), address).toBeNull();
  });
  it('an allowed range opens its addresses and their IPv6 forms, nothing else', () => {
    const allowed = blockListOf(['127.0.0.1/32', '10.1.0.0/16']);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '64:ff9b::7f00:1', '10.1.2.3', '2002:a01:203::']) expect(addressRefusal(address, allowed), address).toBeNull();
    for (const address of ['127.0.0.2', '::1', '10.2.0.1', '::ffff:10.2.0.1', '169.254.169.254']) expect(addressRefusal(address, allowed), address).not.toBeNull();
  });
});

describe('outbound configuration', () => {
  it('reads OUTBOUND_ALLOWED_RANGES and still the former MEDIA_IMPORT_ALLOWED_RANGES', () => {
    expect(loadConfig({ OUTBOUND_ALLOWED_RANGES: '10.0.0.0/8 fd00::/8' }).outboundAllowedRanges).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(loadConfig({ OUTBOUND_ALLOWED_RANGES: '10.0.0.0/8', MEDIA_IMPORT_ALLOWED_RANGES: '10.0.0.0/8,192.168.1.0/24' }).outboundAllowedRanges).toEqual([
      '10.0.0.0/8',
      '192.168.1.0/24',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_RANGES: 'intranet' })).toThrow(/OUTBOUND_ALLOWED_RANGES/);
  });
  it('has an idle timeout for URL imports (60 s unless configured)', () => {
    expect(loadConfig({}).mediaImportIdleTimeoutMs).toBe(60_000);
    expect(loadConfig({ MEDIA_IMPORT_IDLE_TIMEOUT_SECONDS: '5' }).mediaImportIdleTimeoutMs).toBe(5_000);
  });
});
