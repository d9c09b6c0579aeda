/**
 * A "machine" of its own on this one (test/scale/two-machines.ts): preloaded with
 * NODE_OPTIONS=--import=…/machine-address.mjs (so a ShardingManager's shard processes inherit it),
 * it makes every outgoing TCP connection of the process to the ports in MACHINE_PEER_PORTS (the
 * fake Discord's, the REST proxy's) leave from MACHINE_ADDRESS, an address of 127.0.0.0/8 (Linux
 * routes all of it to loopback, so 127.0.0.2 works with no setup). The fake Discord and the proxy
 * then see each machine at its own address, as two hosts would be seen. Connections to other ports
 * (PostgreSQL, which trusts 127.0.0.1 only) are left as they are.
 */
import net from "node:net";

const address = process.env.MACHINE_ADDRESS;
const ports = new Set((process.env.MACHINE_PEER_PORTS ?? "").split(",").filter(Boolean).map(Number));

if (address && ports.size) {
  const connect = net.Socket.prototype.connect;
  /** Adds the machine's address to connection options bound for one of the peers' ports. */
  const bind = (o) => {
    if (o && typeof o === "object" && !o.path && o.localAddress == null && ports.has(Number(o.port))) o.localAddress = address;
  };
  net.Socket.prototype.connect = function (...args) {
    // net.connect passes its normalised arguments as one array ([options, callback]); sockets
    // connected directly (node-postgres) pass (port, host) or (options).
    if (Array.isArray(args[0])) bind(args[0][0]);
    else if (typeof args[0] === "object") bind(args[0]);
    else if (typeof args[0] === "number" || (typeof args[0] === "string" && /^\d+$/.test(args[0]))) {
      const options = { port: Number(args[0]), host: typeof args[1] === "string" ? args[1] : "localhost" };
      bind(options);
      if (options.localAddress) return connect.call(this, options, ...args.slice(typeof args[1] === "string" ? 2 : 1));
    }
    return connect.apply(this, args);
  };
}
