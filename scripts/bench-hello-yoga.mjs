// graphql-yoga's hello world on the shop's server stack (Express + yoga), for `npm run bench` to
// pair the shop's figures with: same machine, same moment, same HTTP client. Prints `ready <port>`.
import express from 'express';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }),
  landingPage: false,
  graphiql: false,
  logging: false,
});
const app = express();
app.use('/graphql', yoga);
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`ready ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
