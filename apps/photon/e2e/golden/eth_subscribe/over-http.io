// subscriptions need a websocket
>> {"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"notifications not supported"}}
