// A call's result still as the JSON text a service sent it in: the gateway passes a service's answer on to
// its client as it came, instead of parsing it and writing it out again (for a receipt, two thirds of the
// gateway's own work on it). serializeReply splices the text in; anything else that serializes a RawJson
// (JSON.stringify, a log line) gets the value it stands for through toJSON.

export class RawJson {
  /** `text` must be one complete JSON value, as JSON.stringify wrote it. */
  constructor(readonly text: string) {}

  /** The value the text stands for. */
  value(): unknown {
    return JSON.parse(this.text);
  }

  toJSON(): unknown {
    return this.value();
  }
}
