import { BlockList } from 'node:net';

export interface AddressRange {
  reason: string;
  list: BlockList;
}

// A named set of IPv4 and IPv6 CIDR blocks (IANA special-purpose registries and the like), checked with
// node's BlockList, which also applies IPv4 rules to IPv4-mapped IPv6 addresses.
export function addressRange(reason: string, v4: string[], v6: string[]): AddressRange {
  const list = new BlockList();
  const add = (cidr: string, type: 'ipv4' | 'ipv6') => {
    const [address, prefix] = cidr.split('/');
    list.addSubnet(address, Number(prefix), type);
  };
  v4.forEach((cidr) => add(cidr, 'ipv4'));
  v6.forEach((cidr) => add(cidr, 'ipv6'));
  return { reason, list };
}
