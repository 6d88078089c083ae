// Times Meta's C++ PDQ reference (facebook/ThreatExchange, pdq/cpp) for
// bench/peers/pdq-peer.ts. Compiled against a checkout of the reference
// given by PDQ_CPP_DIR; none of the reference's code is kept here.
//
//   driver hash <raw pixels> <width> <height> <channels> <iterations>
//     luma + hash of decoded pixels, with the buffers allocated per hash as
//     the reference tool does (pdqHash256FromFile after decoding);
//   driver file <image file> <iterations>
//     the reference tool's whole path: CImg decode, its resize to 512x512
//     when a side is larger, luma, hash.
// Prints "<hash> <quality> <CPU nanoseconds per iteration>".
#include <pdq/cpp/downscaling/downscaling.h>
#include <pdq/cpp/hashing/pdqhashing.h>
#include <pdq/cpp/io/pdqio.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

using facebook::pdq::hashing::Hash256;

static double cpuNanos() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void hashPixels(const uint8_t* px, int width, int height, int channels, Hash256& hash, int& quality) {
  float* buffer1 = new float[width * height];
  float* buffer2 = new float[width * height];
  float buffer64x64[64][64];
  float buffer16x64[16][64];
  float buffer16x16[16][16];
  uint8_t* p = const_cast<uint8_t*>(px);
  if (channels == 1) {
    facebook::pdq::downscaling::fillFloatLumaFromGrey(p, height, width, width, 1, buffer1);
  } else {
    facebook::pdq::downscaling::fillFloatLumaFromRGB(p, p + 1, p + 2, height, width, width * channels, channels, buffer1);
  }
  facebook::pdq::hashing::pdqHash256FromFloatLuma(buffer1, buffer2, height, width, buffer64x64, buffer16x64, buffer16x16, hash, quality);
  delete[] buffer1;
  delete[] buffer2;
}

int main(int argc, char** argv) {
  if (argc == 7 && strcmp(argv[1], "hash") == 0) {
    int width = atoi(argv[3]), height = atoi(argv[4]), channels = atoi(argv[5]), iterations = atoi(argv[6]);
    std::vector<uint8_t> px((size_t)width * height * channels);
    FILE* f = fopen(argv[2], "rb");
    if (!f || fread(px.data(), 1, px.size(), f) != px.size()) {
      fprintf(stderr, "cannot read %s\n", argv[2]);
      return 1;
    }
    fclose(f);
    Hash256 hash;
    int quality = 0;
    hashPixels(px.data(), width, height, channels, hash, quality); // warm-up
    double t = cpuNanos();
    for (int i = 0; i < iterations; i++) hashPixels(px.data(), width, height, channels, hash, quality);
    t = cpuNanos() - t;
    printf("%s %d %.0f\n", hash.format().c_str(), quality, t / iterations);
    return 0;
  }
  if (argc == 4 && strcmp(argv[1], "file") == 0) {
    int iterations = atoi(argv[3]);
    Hash256 hash;
    int quality = 0, pixels = 0;
    float readSeconds = 0, hashSeconds = 0;
    if (!facebook::pdq::hashing::pdqHash256FromFile(argv[2], hash, quality, pixels, readSeconds, hashSeconds)) {
      fprintf(stderr, "cannot decode %s\n", argv[2]);
      return 1;
    }
    double t = cpuNanos();
    for (int i = 0; i < iterations; i++) facebook::pdq::hashing::pdqHash256FromFile(argv[2], hash, quality, pixels, readSeconds, hashSeconds);
    t = cpuNanos() - t;
    printf("%s %d %.0f\n", hash.format().c_str(), quality, t / iterations);
    return 0;
  }
  fprintf(stderr, "usage: driver hash <raw> <width> <height> <channels> <iterations> | driver file <image> <iterations>\n");
  return 2;
}
