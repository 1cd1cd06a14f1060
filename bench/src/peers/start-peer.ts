// Starts one peer node as a child process on a free port, waits until it answers, and seeds the bench
// chain into it; a peer that is not installed or fails any step throws, and run.ts reports it missing.
import { type ManagedProcess, freePort, spawnProcess } from '@photon/testing';

import { type RunningTarget, type TargetContext } from '../targets';
import { type PeerDialect, seedPeerChain } from './seed-peer-chain';
import { waitForRpc } from './wait-for-rpc';

/** One peer: how to run it and its cheat codes. */
export interface Peer {
  /** What runs it, serving JSON-RPC (HTTP and websocket) on 127.0.0.1:`port` with chain id 9000. */
  command(port: number): { file: string; args: string[] };
  dialect: PeerDialect;
  /** How long it may take to answer its first call (a cold hardhat loads a lot of JavaScript). */
  readyTimeoutMs: number;
  /** The signed deploy of PhotonToken, when the artifact's (cancun) bytecode does not run on this peer. */
  signedDeploy?(): string;
}

/** Spawns the peer on a free port and resolves once it answers eth_chainId; its chain is empty. */
export async function spawnPeer(peer: Peer): Promise<{ url: string; proc: ManagedProcess }> {
  const port = await freePort();
  const { file, args } = peer.command(port);
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnProcess(file, args);
  try {
    await waitForRpc(url, proc, peer.readyTimeoutMs);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { url, proc };
}

/** Spawns the peer and seeds the bench chain into it: a target ready to take load. */
export async function startPeer(peer: Peer, context: TargetContext): Promise<RunningTarget> {
  const { url, proc } = await spawnPeer(peer);
  try {
    await seedPeerChain(
      url,
      peer.dialect,
      await context.txHeights(),
      peer.signedDeploy?.(),
      context.chainHeight,
    );
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { url, processes: [proc], stop: () => proc.stop() };
}
