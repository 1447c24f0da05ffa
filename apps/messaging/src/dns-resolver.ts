import { Injectable } from '@nestjs/common';
import { lookup, type LookupAddress } from 'node:dns';

// Every address of a webhook host, from the system resolver; a provider so tests can stand in for DNS.
@Injectable()
export class DnsResolver {
  resolve(hostname: string): Promise<LookupAddress[]> {
    return new Promise((resolve, reject) =>
      lookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );
  }
}
