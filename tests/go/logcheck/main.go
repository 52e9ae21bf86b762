// Command logcheck verifies the service's public attest log with Go's reference packages,
// golang.org/x/mod/sumdb/note and golang.org/x/mod/sumdb/tlog (Debian: golang-golang-x-mod-dev),
// as an outsider would: the checkpoint's signed note against the published vkey, the tree hash
// rebuilt from the log's tiles, every leaf's inclusion proof from the API against the tree
// (and equal to the one tlog proves from tiles), and consistency proofs from earlier sizes.
//
// It also checks the log's key history (GET <log>/keys): every transition checkpoint opens with
// both keys' vkeys and is this log's tree at its size, and the checkpoint's key is the one whose
// window is open.
//
// Usage: logcheck <log URL, e.g. http://host/sandbox/v1/attest/log> [vkey]
// The vkey defaults to the one the checkpoint's JSON publishes; pass another to check that the
// note refuses it. Exit 0 when every check holds, 1 naming the first that does not. Public
// reads are rate limited per client address: a 429 is waited out for its Retry-After, and
// LOGCHECK_CLIENT_ADDRESS, when set, is sent as X-Forwarded-For (to a server that trusts it).
package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// The tile height of C2SP tlog-tiles.
const tileHeight = 8

// At most this many leaves get their inclusion proof checked, spread over the log.
const sampledLeaves = 8

// A 429 is retried this many times, after its Retry-After.
const rateLimitedRetries = 30

func get(url, accept string) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		request, err := http.NewRequest("GET", url, nil)
		if err != nil {
			return nil, err
		}
		request.Header.Set("Accept", accept)
		if address := os.Getenv("LOGCHECK_CLIENT_ADDRESS"); address != "" {
			request.Header.Set("X-Forwarded-For", address)
		}
		response, err := http.DefaultClient.Do(request)
		if err != nil {
			return nil, err
		}
		body, err := io.ReadAll(response.Body)
		response.Body.Close()
		if err != nil {
			return nil, err
		}
		if response.StatusCode == http.StatusTooManyRequests && attempt < rateLimitedRetries {
			seconds, err := strconv.Atoi(response.Header.Get("Retry-After"))
			if err != nil || seconds < 1 {
				seconds = 1
			}
			time.Sleep(time.Duration(seconds) * time.Second)
			continue
		}
		if response.StatusCode != 200 {
			return nil, fmt.Errorf("GET %s: %d %s", url, response.StatusCode, body)
		}
		return body, nil
	}
}

func getJSON(url string, into interface{}) error {
	body, err := get(url, "application/json")
	if err != nil {
		return err
	}
	return json.Unmarshal(body, into)
}

// tileServer reads the log's tiles: C2SP paths are Go's without the height segment. Tiles
// tlog has confirmed (SaveTiles) are kept, so each is fetched once.
type tileServer struct {
	log   string
	saved map[string][]byte
}

func (tileServer) Height() int { return tileHeight }

func (server tileServer) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	data := make([][]byte, len(tiles))
	for i, tile := range tiles {
		path := strings.TrimPrefix(tile.Path(), fmt.Sprintf("tile/%d/", tileHeight))
		if saved, ok := server.saved[path]; ok {
			data[i] = saved
			continue
		}
		body, err := get(server.log+"/tile/"+path, "application/octet-stream")
		if err != nil {
			return nil, err
		}
		data[i] = body
	}
	return data, nil
}

func (server tileServer) SaveTiles(tiles []tlog.Tile, data [][]byte) {
	for i, tile := range tiles {
		server.saved[strings.TrimPrefix(tile.Path(), fmt.Sprintf("tile/%d/", tileHeight))] = data[i]
	}
}

func hashOf(hexHash string) (tlog.Hash, error) {
	var hash tlog.Hash
	bytes, err := hex.DecodeString(strings.TrimPrefix(hexHash, "0x"))
	if err != nil || len(bytes) != tlog.HashSize {
		return hash, fmt.Errorf("not a hash: %q", hexHash)
	}
	copy(hash[:], bytes)
	return hash, nil
}

func hashesOf(hexHashes []string) ([]tlog.Hash, error) {
	hashes := make([]tlog.Hash, len(hexHashes))
	for i, each := range hexHashes {
		hash, err := hashOf(each)
		if err != nil {
			return nil, err
		}
		hashes[i] = hash
	}
	return hashes, nil
}

func fail(check string, err error) {
	fmt.Printf("FAIL %s: %v\n", check, err)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: logcheck <log URL> [vkey]")
		os.Exit(2)
	}
	log := strings.TrimRight(os.Args[1], "/")

	var checkpoint struct {
		Vkey string `json:"vkey"`
	}
	if err := getJSON(log+"/checkpoint", &checkpoint); err != nil {
		fail("checkpoint", err)
	}
	vkey := checkpoint.Vkey
	if len(os.Args) > 2 {
		vkey = os.Args[2]
	}
	verifier, err := note.NewVerifier(vkey)
	if err != nil {
		fail("vkey", err)
	}
	signed, err := get(log+"/checkpoint", "text/plain")
	if err != nil {
		fail("checkpoint", err)
	}
	opened, err := note.Open(signed, note.VerifierList(verifier))
	if err != nil {
		fail("note signature", err)
	}
	lines := strings.Split(opened.Text, "\n")
	if len(lines) != 4 || lines[3] != "" {
		fail("checkpoint text", fmt.Errorf("not origin, size, root: %q", opened.Text))
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		fail("checkpoint size", err)
	}
	rootBytes, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(rootBytes) != tlog.HashSize {
		fail("checkpoint root", fmt.Errorf("%q", lines[2]))
	}
	var root tlog.Hash
	copy(root[:], rootBytes)
	fmt.Printf("ok note signature: %s, size %d\n", verifier.Name(), size)

	tree := tlog.Tree{N: size, Hash: root}
	hashes := tlog.TileHashReader(tree, tileServer{log, map[string][]byte{}})
	rebuilt, err := tlog.TreeHash(size, hashes)
	if err != nil {
		fail("tiles", err)
	}
	if rebuilt != root {
		fail("tiles", fmt.Errorf("tree hash %v from tiles, %v in the checkpoint", rebuilt, root))
	}
	fmt.Println("ok tiles: the tree hash rebuilt from them is the checkpoint's")

	checkKeyTransitions(log, vkey, size, hashes)

	step := size / sampledLeaves
	if step < 1 {
		step = 1
	}
	checked := 0
	for index := int64(0); index < size; index += step {
		leaves, err := hashes.ReadHashes([]int64{tlog.StoredHashIndex(0, index)})
		if err != nil {
			fail("leaf", err)
		}
		var answer struct {
			LeafIndex int64    `json:"leafIndex"`
			TreeSize  int64    `json:"treeSize"`
			Proof     []string `json:"proof"`
		}
		url := fmt.Sprintf("%s/proof?leafHash=0x%x&treeSize=%d", log, leaves[0][:], size)
		if err := getJSON(url, &answer); err != nil {
			fail("inclusion", err)
		}
		if answer.LeafIndex != index || answer.TreeSize != size {
			fail("inclusion", fmt.Errorf("leaf %d: the API answered leaf %d of size %d", index, answer.LeafIndex, answer.TreeSize))
		}
		proof, err := hashesOf(answer.Proof)
		if err != nil {
			fail("inclusion", err)
		}
		if err := tlog.CheckRecord(tlog.RecordProof(proof), size, root, index, leaves[0]); err != nil {
			fail("inclusion", fmt.Errorf("leaf %d: %v", index, err))
		}
		proved, err := tlog.ProveRecord(size, index, hashes)
		if err != nil {
			fail("inclusion", err)
		}
		if fmt.Sprint(proved) != fmt.Sprint(tlog.RecordProof(proof)) {
			fail("inclusion", fmt.Errorf("leaf %d: the API's proof is not the one tlog proves from tiles", index))
		}
		checked++
	}
	fmt.Printf("ok inclusion: %d leaves\n", checked)

	sizes := map[int64]bool{1: true, size / 2: true, size - 1: true}
	consistent := 0
	for old := range sizes {
		if old < 1 || old >= size {
			continue
		}
		var answer struct {
			Proof []string `json:"proof"`
		}
		if err := getJSON(fmt.Sprintf("%s/consistency?from=%d&to=%d", log, old, size), &answer); err != nil {
			fail("consistency", err)
		}
		proof, err := hashesOf(answer.Proof)
		if err != nil {
			fail("consistency", err)
		}
		oldRoot, err := tlog.TreeHash(old, hashes)
		if err != nil {
			fail("consistency", err)
		}
		if err := tlog.CheckTree(tlog.TreeProof(proof), size, root, old, oldRoot); err != nil {
			fail("consistency", fmt.Errorf("%d → %d: %v", old, size, err))
		}
		consistent++
	}
	fmt.Printf("ok consistency: %d earlier sizes\n", consistent)
}

// checkKeyTransitions verifies the log's key history: each transition checkpoint is a signed
// note that both the retiring and the new key signed, of this log's own tree at that size, and
// the latest checkpoint is signed by the key whose window is still open.
func checkKeyTransitions(log, vkey string, size int64, hashes tlog.HashReader) {
	var history struct {
		Windows []struct {
			KeyID         string `json:"keyId"`
			Vkey          string `json:"vkey"`
			FirstTreeSize int64  `json:"firstTreeSize"`
			LastTreeSize  *int64 `json:"lastTreeSize"`
		} `json:"windows"`
		Transitions []struct {
			TreeSize      int64  `json:"treeSize"`
			PreviousKeyID string `json:"previousKeyId"`
			KeyID         string `json:"keyId"`
			Note          string `json:"note"`
		} `json:"transitions"`
	}
	if err := getJSON(log+"/keys", &history); err != nil {
		fail("key transitions", err)
	}
	vkeys := map[string]string{}
	for _, window := range history.Windows {
		vkeys[window.KeyID] = window.Vkey
	}
	last := history.Windows[len(history.Windows)-1]
	if last.Vkey != vkey || last.LastTreeSize != nil || last.FirstTreeSize > size {
		fail("key transitions", fmt.Errorf("the checkpoint's key is not the one whose window is open"))
	}
	for _, transition := range history.Transitions {
		var verifiers []note.Verifier
		for _, keyID := range []string{transition.PreviousKeyID, transition.KeyID} {
			verifier, err := note.NewVerifier(vkeys[keyID])
			if err != nil {
				fail("key transitions", fmt.Errorf("key %s: %v", keyID, err))
			}
			verifiers = append(verifiers, verifier)
		}
		opened, err := note.Open([]byte(transition.Note), note.VerifierList(verifiers...))
		if err != nil {
			fail("key transitions", fmt.Errorf("size %d: %v", transition.TreeSize, err))
		}
		if len(opened.Sigs) != 2 {
			fail("key transitions", fmt.Errorf("size %d: %d of the two keys signed", transition.TreeSize, len(opened.Sigs)))
		}
		lines := strings.Split(opened.Text, "\n")
		rebuilt, err := tlog.TreeHash(transition.TreeSize, hashes)
		if err != nil {
			fail("key transitions", err)
		}
		if len(lines) != 4 || lines[1] != strconv.FormatInt(transition.TreeSize, 10) ||
			lines[2] != base64.StdEncoding.EncodeToString(rebuilt[:]) {
			fail("key transitions", fmt.Errorf("size %d: not this log's tree at that size", transition.TreeSize))
		}
	}
	fmt.Printf("ok key transitions: %d, each signed by both keys over this log's tree\n", len(history.Transitions))
}
