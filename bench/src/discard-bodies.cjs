'use strict';

/**
 * autocannon's `setupClient` (in workers mode it must be a module): autocannon 8 appends every response body to a
 * string (`body += chunk`, a UTF-8 decoding of each chunk) whether or not anything reads it. On the Monitor snapshot
 * (0.2 MB gzip, 2.2 MB plain) that decoding, and the garbage it leaves, kept the load generator's thread busy while
 * the server idled half the time (profiled: Buffer toString 4.2 s of a 6 s run in the autocannon worker), so the
 * figures measured the client. Benches that check no body discard them; each request's bytes are still counted.
 */
module.exports = function discardBodies(client) {
  client.pipelinedRequests.addBody = () => {};
};
