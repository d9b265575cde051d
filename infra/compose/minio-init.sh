#!/bin/sh
# Runs once in the minio/mc image: private bucket + an application user that can use only that bucket.
set -eu
for i in $(seq 1 30); do
  mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null 2>&1 && break
  sleep 1
done
mc mb --ignore-existing "local/$S3_BUCKET"
mc anonymous set none "local/$S3_BUCKET"
cat > /tmp/policy.json <<POLICY
{ "Version": "2012-10-17", "Statement": [
  { "Effect": "Allow", "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
  { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] } ] }
POLICY
mc admin policy create local brokerage-app /tmp/policy.json >/dev/null 2>&1 || true
mc admin user add local "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
mc admin policy attach local brokerage-app --user "$S3_ACCESS_KEY" >/dev/null 2>&1 || true
echo "bucket $S3_BUCKET ready (private), user $S3_ACCESS_KEY attached to policy brokerage-app"
