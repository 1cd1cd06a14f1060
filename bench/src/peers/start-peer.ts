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

export async function startPeer(peer: Peer, context: TargetContext): Promise<RunningTarget> {
  const port = await freePort();
  const { file, args } = peer.command(port);
  const url = `http://127.0.0.1:${port}`;
  const proc: ManagedProcess = spawnProcess(file, args);
  try {
    await waitForRpc(url, proc, peer.readyTimeoutMs);
    await seedPeerChain(url, peer.dialect, await context.txHeights(), peer.signedDeploy?.());
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { url, processes: [proc], stop: () => proc.stop() };
}
