import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * The client address a per-IP limit counts: the IPv4 address, or an IPv6 client's /64 (one
 * subscriber gets a whole /64, so counting single IPv6 addresses would give each client 2^64
 * budgets). IPv4-mapped IPv6 addresses count as their IPv4 address. `request.ip` honours
 * TRUST_PROXY (a hop count or the proxies' addresses), never a forged X-Forwarded-For.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}
