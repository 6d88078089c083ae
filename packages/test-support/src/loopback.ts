// The loopback helpers are the fake network's (tests never listen beyond 127.0.0.1).
export { freePort, listenOnLoopback } from "@leakwarden/fake-network/loopback";
