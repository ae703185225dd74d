// The player and the pieces it is built from live in this folder; pages need only the player.
export { VideoPlayer, type VideoPlayerHandle } from '~/components/video-player/video-player'
