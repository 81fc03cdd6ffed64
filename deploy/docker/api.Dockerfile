# The API image (deploy/k8s/api-deployment.yaml). Build from the repository root:
#   docker build -f deploy/docker/api.Dockerfile -t registry.example.com/crease/api:1.0.0 .
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/contract/package.json shared/contract/
COPY api/package.json api/
RUN npm ci --omit=dev --no-audit --no-fund -w api -w @crease/contract --include-workspace-root=false \
  || npm install --omit=dev --no-audit --no-fund -w api -w @crease/contract

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY tsconfig.base.json ./
COPY shared/contract ./shared/contract
COPY api ./api
# tsx runs the TypeScript sources directly, as `npm run start -w api` does.
RUN npm install --no-save --no-audit --no-fund tsx@4 && npm cache clean --force
USER 10001:10001
EXPOSE 8081
CMD ["node", "--import", "tsx", "api/src/cli/serve.ts"]
