// a filter id never made
>> {"jsonrpc":"2.0","id":1,"method":"eth_uninstallFilter","params":["0xabc"]}
<< {"jsonrpc":"2.0","id":1,"result":false}
