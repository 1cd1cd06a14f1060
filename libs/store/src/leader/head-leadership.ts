// Who publishes the tier's chain heads, and how far they got. One events replica holds a lease (renewed
// while it publishes, taken over by a standby once it lapses); each taking of the lease raises a fencing
// token, and the published height moves only for the holder of the current token, so a replica that lost
// the lease while paused cannot move it.

export abstract class HeadLeadership {
  /**
   * Takes the lease for `holder` (or renews it when `holder` has it) for `leaseMs`: the fencing token while
   * `holder` leads, null while another does.
   */
  abstract claim(holder: string, leaseMs: number): Promise<number | null>;

  /** The last height the leaders published, or undefined before the first. */
  abstract published(): Promise<bigint | undefined>;

  /** Records `height` as published (never lowers it) if `fence` is still current; false otherwise. */
  abstract markPublished(height: bigint, fence: number): Promise<boolean>;

  /** Gives the lease up if `holder` has it, so a standby takes over at once. */
  abstract release(holder: string): Promise<void>;
}
