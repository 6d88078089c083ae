// The forward proxy is the fake network's, shared with the demo; tests let it open CONNECT tunnels.
export { startForwardProxy, type ForwardProxy, type ForwardProxyOptions, type ProxyRecord, type ProxyTarget } from "@leakwarden/fake-network/forward-proxy";
