import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/** Whether the hop-th address from the connection's end is a proxy whose forwarded headers count. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function (Fastify's and the early answers' reading of forwarded headers agree):
 * none (false), the nearest `hops` proxies whatever their address, or the listed addresses/CIDRs.
 */
export function proxyTrust(setting: Config['trustProxy']): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}
