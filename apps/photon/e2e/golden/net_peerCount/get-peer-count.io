// the devnet has no peers
>> {"jsonrpc":"2.0","id":1,"method":"net_peerCount","params":[]}
<< {"jsonrpc":"2.0","id":1,"result":"0x0"}
